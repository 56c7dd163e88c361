export type StorageUploadEvent =
  | { type: 'storage.reload' }
  | { type: 'upload.choose'; file: File }
  | { type: 'upload.confirm' }
  | { type: 'upload.cancel' }
  | { type: 'upload.dismiss' }
  | { type: 'file.download'; name: string }
  | { type: 'file.delete'; name: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
