export type UsersLogsEvent =
  | { type: 'logs.page'; page: number }
  | { type: 'logs.size'; size: number }
  | { type: 'logs.filter'; user: string; search: string }
  | { type: 'logs.download' }
  | { type: 'logs.retry' };
