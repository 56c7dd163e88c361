export type RequestProgressEvent = { type: 'request.started' } | { type: 'request.finished' };
