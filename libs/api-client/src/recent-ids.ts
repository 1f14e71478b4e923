/** Remembers the last `capacity` ids seen, to drop duplicates of pushed events. */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 100) {}

  /** True the first time an id is seen (while it is among the remembered ones), false after. */
  remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value as string;
      this.ids.delete(oldest);
    }
    return true;
  }
}
