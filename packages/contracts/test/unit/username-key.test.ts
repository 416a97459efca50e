import { isReservedUsername, skeleton, usernameKey } from '@tapinti/contracts/username-key';

describe('UTS #39 skeleton', () => {
  it('maps confusables to one prototype', () => {
    expect(skeleton('rооtadmin')).toBe(skeleton('rootadmin')); // Cyrillic о
    expect(skeleton('m')).toBe(skeleton('rn'));
    expect(skeleton('0')).toBe(skeleton('O'));
    expect(skeleton('paypal')).toBe(skeleton('раураl')); // Cyrillic р, а, у
  });

  it('keeps letters apart that are not confusable', () => {
    expect(skeleton('ş')).not.toBe(skeleton('s'));
    expect(skeleton('ə')).not.toBe(skeleton('e'));
    expect(skeleton('ğ')).not.toBe(skeleton('g'));
  });
});

describe('username key', () => {
  it("makes 'ROOTADMIN', 'rootadmın', 'rооtadmin' (Cyrillic о) and 'r00tadmin' the same name as 'rootadmin'", () => {
    const key = usernameKey('rootadmin');
    for (const name of [
      'ROOTADMIN',
      'rootadmın',
      'rооtadmin',
      'r00tadmin',
      'RootAdmİn',
      ' rootadmin ',
      'rootadrnin',
    ])
      expect(usernameKey(name)).toBe(key);
  });

  it('folds the Azerbaijani I, ı, İ and i together', () => {
    expect(usernameKey('İLHAM')).toBe(usernameKey('ilham'));
    expect(usernameKey('ILHAM')).toBe(usernameKey('ılham'));
    expect(usernameKey('ılham')).toBe(usernameKey('ilham'));
  });

  it('keeps different names apart', () => {
    expect(usernameKey('şəhla')).not.toBe(usernameKey('sehla'));
    expect(usernameKey('nigar')).not.toBe(usernameKey('nigaz'));
    expect(usernameKey('root.admin')).not.toBe(usernameKey('rootadmin'));
  });

  it('treats composed and decomposed forms alike', () => {
    expect(usernameKey('Gu\u0308nay')).toBe(usernameKey('Günay'));
  });
});

describe('reserved usernames', () => {
  it('refuses names that imitate staff, with look-alikes and separators', () => {
    for (const name of [
      'admin',
      'Administrator',
      'ADMİN',
      'аdmin', // Cyrillic а
      'adrnin',
      'super_admin',
      'ad.min',
      'tapinti',
      'Tapıntı',
      'TAPINTI',
      'tapınti_destek',
      'moderator',
      'mоderatоr', // Cyrillic о
      'Support',
      'sup-port',
      'supp0rt',
    ])
      expect([name, isReservedUsername(name)]).toEqual([name, true]);
  });

  it('lets ordinary names through', () => {
    for (const name of ['nigar', 'ilham_123', 'tapan', 'admiral', 'moder', 'suppo', 'kamran'])
      expect([name, isReservedUsername(name)]).toEqual([name, false]);
  });
});
