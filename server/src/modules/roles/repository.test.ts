import { describe, expect, it } from 'vitest';
import { mergeGrants } from './repository.ts';

const row = (
  name: string,
  grantee_type: 'role' | 'user',
  restrictions: { name: string; value: number | string | null }[] = [],
) => ({ name, grantee_type, restrictions: JSON.stringify(restrictions) });

describe('mergeGrants', () => {
  it('returns one permission per name with parsed restrictions', () => {
    const merged = mergeGrants([
      row('music.play', 'role'),
      row('playlists.create', 'role', [{ name: 'count', value: 10 }]),
    ]);
    expect(merged).toEqual([
      { name: 'music.play', restrictions: [] },
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 10 }] },
    ]);
  });

  it('merges the same permission from two roles into one entry', () => {
    const merged = mergeGrants([row('music.play', 'role'), row('music.play', 'role')]);
    expect(merged).toEqual([{ name: 'music.play', restrictions: [] }]);
  });

  it('keeps the most generous cap between roles', () => {
    const merged = mergeGrants([
      row('playlists.create', 'role', [{ name: 'count', value: 5 }]),
      row('playlists.create', 'role', [{ name: 'count', value: 20 }]),
      row('playlists.create', 'role', [{ name: 'count', value: '12' }]),
    ]);
    expect(merged).toEqual([
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 20 }] },
    ]);
  });

  it('lifts the cap when any role has none', () => {
    const emptyValue = mergeGrants([
      row('music.create', 'role', [{ name: 'count', value: 5 }]),
      row('music.create', 'role', [{ name: 'count', value: null }]),
    ]);
    expect(emptyValue).toEqual([
      { name: 'music.create', restrictions: [{ name: 'count', value: null }] },
    ]);

    const noRestriction = mergeGrants([
      row('music.create', 'role', [{ name: 'count', value: 5 }]),
      row('music.create', 'role', []),
    ]);
    expect(noRestriction).toEqual([
      { name: 'music.create', restrictions: [{ name: 'count', value: null }] },
    ]);
  });

  it("lets the user's own grant win over the roles', in either order", () => {
    const userGrant = row('playlists.create', 'user', [{ name: 'count', value: 2 }]);
    const roleGrant = row('playlists.create', 'role', [{ name: 'count', value: 50 }]);
    const expected = [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 2 }] }];
    expect(mergeGrants([roleGrant, userGrant])).toEqual(expected);
    expect(mergeGrants([userGrant, roleGrant])).toEqual(expected);
  });

  it('returns nothing for no grants', () => {
    expect(mergeGrants([])).toEqual([]);
  });
});
