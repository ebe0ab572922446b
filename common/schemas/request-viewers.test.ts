import { describe, expect, it } from 'vitest';
import { alsoClitic, viewersCountLabel, viewersSentence } from './request-viewers';

describe('the Turkish of who else is looking', () => {
  it("'de' or 'da' follows the last vowel of the last name, an initial by its letter's name", () => {
    expect(['Ayşe Çelik', 'Mehmet Kaya', 'Zeynep Öztürk', 'Can Koç', 'Selin Aydın', 'Emre Arslan', 'Fatma Doğan', 'Elif Demir', 'Ali K.', 'Ali T.', 'İPEK IŞIK'].map(alsoClitic)).toEqual([
      'de',
      'da',
      'de',
      'da',
      'da',
      'da',
      'da',
      'de',
      'da',
      'de',
      'da',
    ]);
  });

  it('one, two, three and more people', () => {
    expect(viewersSentence([])).toBeNull();
    expect(viewersSentence(['Ayşe Çelik'])).toBe('Ayşe Çelik de bu talebe bakıyor');
    expect(viewersSentence(['Ayşe Çelik', 'Mehmet Kaya'])).toBe('Ayşe Çelik ve Mehmet Kaya da bu talebe bakıyor');
    expect(viewersSentence(['Ayşe Çelik', 'Mehmet Kaya', 'Can Koç'])).toBe('Ayşe Çelik ve 2 kişi daha bu talebe bakıyor');
    expect(viewersSentence(['Ayşe Çelik', 'b', 'c', 'd', 'e'])).toBe('Ayşe Çelik ve 4 kişi daha bu talebe bakıyor');
    expect(viewersCountLabel(2)).toBe('2 kişi bakıyor');
  });
});
