export interface MenuModeContext {
  /** Upper-case letter -> path, only for screens the user may open (spec 1 §2). */
  targets: Record<string, string>;
}
