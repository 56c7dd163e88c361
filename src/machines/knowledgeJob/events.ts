export type KnowledgeJobEvent = { type: 'job.start' } | { type: 'job.refresh' };

/** The job finished: what it changed (last indexed, the evaluation) is read again by whoever shows it. */
export type KnowledgeJobEmitted = { type: 'job.done' };
