import type { Plugin } from 'vite';

/**
 * The signed-in frame in one chunk. Left to itself the bundler gives every set of lazy imports
 * that share modules a chunk of its own, and the frame (layout, guard, session machines, API
 * client, registry core) arrived in some 60 files, each compressed on its own: about 10 kB
 * gzip more than the same code in fewer files. Once the module graph is known, this collects
 * what the frame's roots import statically and no public page does; `group` (for
 * `output.codeSplitting.groups`) puts those modules in one `frame` chunk.
 *
 * A member imports only members and what the entry loads, so no chunk the bundler makes
 * imports the frame and is imported by it (such a cycle runs one before the other has set up,
 * and the bundler, which moves shared modules into chunks loaded earlier, would make one out of
 * anything else). Left out: the modules loaded lazily (the roots among them), and any module
 * that imports one of them or a module a public page loads lazily (shared Arco components,
 * say). A public page never loads the frame.
 */
export function frameChunk(frameRoots: RegExp) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'casedesk:frame-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // The public side: the entry and, lazy import after lazy import, all it may load on the
      // way that does not pass through a frame root (the public pages, their catalogues...).
      const entrySide = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const publicSide = new Set(entrySide);
      for (let grew = true; grew; ) {
        const more = [...publicSide]
          .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          .filter((id) => !publicSide.has(id) && !frameRoots.test(id));
        for (const id of closure(more)) publicSide.add(id);
        grew = more.length > 0;
      }
      const frameSide = [...closure(ids.filter((id) => frameRoots.test(id)))].filter(
        (id) => !publicSide.has(id),
      );
      const lazy = new Set(frameSide.filter((id) => this.getModuleInfo(id)?.dynamicImporters.length));
      for (const id of frameSide) {
        const deps = [...closure([id])];
        if (!deps.some((dep) => lazy.has(dep) || (publicSide.has(dep) && !entrySide.has(dep))))
          members.add(id);
      }
    },
  };
  const group = {
    name: 'frame',
    test: (id: string) => members.has(id),
    // The members are closed over their imports already, less what the public side holds:
    // those stay where they are and the frame imports them.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
