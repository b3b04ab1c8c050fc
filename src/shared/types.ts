/** The intersection of a union's members: { a } | { b } -> { a } & { b } (merging route tables, handlers). */
export type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
