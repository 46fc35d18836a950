// A small seeded random generator (mulberry32) and the few draws the data scripts make with it,
// so a generated set or a degraded copy is the same on every machine for the same seed.

/** mulberry32: returns a function giving numbers in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws bound to one generator: `pick` an element, `int` in [lo, hi], `chance` of p, `range` of reals. */
export function draws(random) {
  return {
    random,
    pick: (list) => {
      if (!list?.length) throw new Error('pick from an empty list');
      return list[Math.floor(random() * list.length)];
    },
    int: (lo, hi) => lo + Math.floor(random() * (hi - lo + 1)),
    chance: (p) => random() < p,
    range: (lo, hi) => lo + (hi - lo) * random(),
  };
}
