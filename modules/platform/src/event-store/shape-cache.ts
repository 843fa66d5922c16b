/**
 * Values kept by a list of parts, each compared as a Map key: a part that is the same string
 * each time (a constant, or a text kept by its maker) is hashed once, not the whole statement
 * on every write. At most `limit` values.
 *
 * Shapes of different lengths live under different roots: otherwise a shape that begins
 * another (a create with one projection, then one with that projection and another) would
 * find a value where the longer one expects a level.
 */
export class ShapeCache<Value> {
  private readonly roots = new Map<number, Map<unknown, unknown>>();
  private size = 0;
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  get(shape: readonly unknown[], make: () => Value): Value {
    let level = this.roots.get(shape.length);
    if (!level) {
      if (this.size >= this.limit) return make();
      level = new Map();
      this.roots.set(shape.length, level);
    }
    for (let i = 0; i < shape.length - 1; i++) {
      let next = level.get(shape[i]) as Map<unknown, unknown> | undefined;
      if (!next) {
        if (this.size >= this.limit) return make();
        next = new Map();
        level.set(shape[i], next);
      }
      level = next;
    }
    const last = shape[shape.length - 1];
    if (level.has(last)) return level.get(last) as Value;
    const value = make();
    if (this.size < this.limit) {
      level.set(last, value);
      this.size++;
    }
    return value;
  }
}
