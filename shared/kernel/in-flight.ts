/**
 * A set of things in flight (requests not yet answered, say) that is cheap to the garbage collector
 * under churn: an array whose slots are reused, each member knowing its slot.
 *
 * Not a Map or Set, for this reason: V8 rebuilds a Map's table once deleted entries fill it (every few
 * dozen requests for a Map that gains and loses one per request), and the old table keeps the entries
 * it had then and a pointer to the new table. Once one table is in the old generation (a full
 * collection moves everything live there, at a quiet moment too), each dead old table holds the next
 * one alive through every young collection, with the requests in it: they are all promoted, and so is
 * the next table, for the life of the process. Measured on the web process: 1.3-1.4 MB promoted per
 * young collection after an idle release with a Map, 20-23 KB with this (docs/performance.md, "A full
 * collection at a quiet moment"; test/scale/young-requests.test.ts). Here a member leaves by having its
 * slot emptied, and the array is only replaced by growing, so nothing old points at what has left.
 */
export class InFlight<T extends { inFlightSlot: number }> {
  private readonly members: T[] = [];

  get size(): number {
    return this.members.length;
  }

  add(member: T): void {
    if (member.inFlightSlot >= 0) return;
    member.inFlightSlot = this.members.length;
    this.members.push(member);
  }

  delete(member: T): void {
    const slot = member.inFlightSlot;
    if (slot < 0 || this.members[slot] !== member) return;
    member.inFlightSlot = -1;
    // The last member takes the emptied slot: the array stays dense and pop() clears the last slot.
    const last = this.members.pop() as T;
    if (last !== member) {
      this.members[slot] = last;
      last.inFlightSlot = slot;
    }
  }

  /**
   * Calls `visit` for each member; `visit` may delete that member or add new ones (those added during
   * the walk are not visited in it). Deleting another member not yet visited may visit one member twice.
   */
  forEach(visit: (member: T) => void): void {
    // Backwards: a deletion moves the last member, already visited, into the emptied slot.
    for (let i = this.members.length - 1; i >= 0; i--) {
      const member = this.members[i];
      if (member) visit(member);
    }
  }
}
