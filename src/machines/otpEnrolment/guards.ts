/** Spec 1 §9: a one-time code has 6 digits. */
export const isCodeComplete = ({ context }: { context: { code: string } }): boolean => /^\d{6}$/.test(context.code);
