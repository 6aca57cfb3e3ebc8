import test from 'ava';
import { InFlight } from '../../shared/kernel/in-flight.js';

const member = (name: string) => ({ name, inFlightSlot: -1 });
const names = (set: InFlight<{ name: string; inFlightSlot: number }>) => {
  const seen: string[] = [];
  set.forEach((m) => {
    seen.push(m.name);
  });
  return seen.sort();
};

test('members come and go in any order, each once, and a member that left holds no slot', (t) => {
  const set = new InFlight<ReturnType<typeof member>>();
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(member);
  for (const m of [a, b, c, d, a]) set.add(m);
  t.is(set.size, 4, 'adding a member twice keeps it once');
  set.delete(b);
  set.delete(b);
  t.deepEqual(names(set), ['a', 'c', 'd']);
  t.is(b.inFlightSlot, -1);
  set.delete(d);
  set.delete(a);
  t.deepEqual(names(set), ['c']);
  t.is(c.inFlightSlot, 0, 'the one left moved into the first slot');
  set.delete(member('never added'));
  t.is(set.size, 1);
});

test('a walk may remove the member it visits and add it again: each member is visited once', (t) => {
  const set = new InFlight<ReturnType<typeof member>>();
  const all = Array.from({ length: 10 }, (_, i) => member(String(i)));
  for (const m of all) set.add(m);
  const visited: string[] = [];
  set.forEach((m) => {
    visited.push(m.name);
    set.delete(m);
    // Every other one comes back (a request given more time), after the walk's start.
    if (Number(m.name) % 2 === 0) set.add(m);
  });
  t.deepEqual(visited.sort(), all.map((m) => m.name).sort());
  t.deepEqual(names(set), ['0', '2', '4', '6', '8']);
});
