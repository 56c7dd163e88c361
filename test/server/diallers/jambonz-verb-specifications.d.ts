/** The jambonz verb validator (test dependency, untyped): throws on a verb list jambonz would refuse. */
declare module '@jambonz/verb-specifications' {
  const specifications: { validate(logger: unknown, verbs: unknown): void };
  export default specifications;
}
