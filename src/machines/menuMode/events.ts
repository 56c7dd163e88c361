export type MenuModeEvent =
  | { type: 'menu.enter' }
  | { type: 'menu.key'; key: string }
  | { type: 'menu.exit' }
  | { type: 'menu.targets'; targets: Record<string, string> };
