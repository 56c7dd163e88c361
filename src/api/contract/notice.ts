/** A notification the app shows (Mantine notifications): what machines ask for, and what the client reports. */
export interface Notice {
  title: string;
  message?: string;
  color: 'red' | 'green' | 'yellow' | 'blue';
  autoClose?: number;
}

/** The HTTP status of a failed call (the client's ApiError carries one), or null for anything else. */
export function failureStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}
