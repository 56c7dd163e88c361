// jexl ships no type declarations; this is the part the condition evaluator uses.
declare module 'jexl' {
  interface Expression {
    evalSync(context?: Record<string, unknown>): unknown;
  }
  class Jexl {
    compile(expression: string): Expression;
    addTransform(name: string, fn: (value: unknown, ...args: unknown[]) => unknown): void;
  }
  const jexl: { Jexl: typeof Jexl };
  export default jexl;
}
