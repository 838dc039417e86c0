/**
 * Cycles in a directed graph (of files, or of server/'s parts): the strongly connected groups,
 * and one concrete cycle through a group for a message a person can follow.
 */

/** Tarjan's strongly connected components, iteratively (deep import chains stay off the call stack). */
export function stronglyConnected(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const children = next.get(top.node) ?? [];
      if (top.child < children.length) {
        const child = children[top.child++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One concrete cycle inside a strongly connected group, for the message: a -> b -> a. */
export function cycleThrough(
  group: readonly string[],
  next: ReadonlyMap<string, readonly string[]>,
): string[] {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const child of next.get(node) ?? []) {
      if (!members.has(child)) continue;
      if (child === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(child)) {
        previous.set(child, node);
        queue.push(child);
      }
    }
  }
  return [...group, start];
}
