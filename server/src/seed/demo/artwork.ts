import { random } from '../../modules/demo-audio/plan.ts';

/** Generated SVG artwork: no downloads, a few hundred bytes each, crisp at any size. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;

function palette(seed: number) {
  const rand = random(seed);
  const hue = rand() * 360;
  const shift = 30 + rand() * 120;
  return {
    rand,
    a: hsl(hue, 65 + rand() * 25, 45 + rand() * 15),
    b: hsl(hue + shift, 60 + rand() * 30, 20 + rand() * 20),
    c: hsl(hue + shift / 2, 80, 75),
    hue,
  };
}

function motif(kind: number, rand: () => number, colour: string): string {
  switch (kind % 5) {
    case 0: {
      // A setting sun with stripes.
      const cy = 250 + rand() * 120;
      const stripes = Array.from(
        { length: 6 },
        (_, i) =>
          `<rect x="0" y="${cy + 20 + i * 22}" width="600" height="${6 + i * 2}" fill="url(#g)"/>`,
      ).join('');
      return `<circle cx="300" cy="${cy}" r="${130 + rand() * 60}" fill="${colour}" opacity=".9"/>${stripes}`;
    }
    case 1: {
      // Waves.
      return Array.from({ length: 7 }, (_, i) => {
        const y = 120 + i * 60;
        const amp = 20 + rand() * 40;
        return `<path d="M0 ${y} C150 ${y - amp} 150 ${y + amp} 300 ${y} S450 ${y - amp} 600 ${y}" stroke="${colour}" stroke-width="${3 + i}" fill="none" opacity="${0.25 + i * 0.1}"/>`;
      }).join('');
    }
    case 2: {
      // Concentric rings off-centre.
      const cx = 150 + rand() * 300;
      const cy = 150 + rand() * 200;
      return Array.from(
        { length: 8 },
        (_, i) =>
          `<circle cx="${cx}" cy="${cy}" r="${40 + i * 45}" stroke="${colour}" stroke-width="${10 - i}" fill="none" opacity="${1 - i * 0.1}"/>`,
      ).join('');
    }
    case 3: {
      // A grid of rounded tiles, some lit.
      const tiles: string[] = [];
      for (let x = 0; x < 5; x++) {
        for (let y = 0; y < 4; y++) {
          if (rand() < 0.45) {
            tiles.push(
              `<rect x="${40 + x * 108}" y="${40 + y * 108}" width="90" height="90" rx="22" fill="${colour}" opacity="${0.35 + rand() * 0.6}"/>`,
            );
          }
        }
      }
      return tiles.join('');
    }
    default: {
      // Soft blobs.
      return Array.from({ length: 4 }, () => {
        const cx = rand() * 600;
        const cy = rand() * 450;
        return `<circle cx="${cx}" cy="${cy}" r="${80 + rand() * 140}" fill="${colour}" opacity="${0.2 + rand() * 0.35}"/>`;
      }).join('');
    }
  }
}

export function albumArtwork(seed: number, title: string, artist: string): string {
  const { rand, a, b, c } = palette(seed);
  const size = title.length > 18 ? 38 : 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/>${motif(Math.floor(rand() * 5), rand, c)}<rect width="600" height="600" fill="url(#s)"/><text x="40" y="${560 - size - 8}" font-family="Inter,Helvetica,Arial,sans-serif" font-size="${size}" font-weight="800" fill="#fff">${escapeXml(title)}</text><text x="42" y="556" font-family="Inter,Helvetica,Arial,sans-serif" font-size="24" font-weight="500" fill="#fff" opacity=".8">${escapeXml(artist)}</text></svg>`;
}

export function artistPortrait(seed: number, name: string): string {
  const { rand, a, b, c } = palette(seed);
  const initials = name
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w[0] ?? ''))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"><defs><radialGradient id="g" cx=".3" cy=".25" r="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient></defs><rect width="600" height="600" fill="url(#g)"/>${motif(2 + Math.floor(rand() * 2) * 2, rand, c)}<circle cx="300" cy="250" r="105" fill="#000" opacity=".28"/><path d="M110 600c0-120 85-200 190-200s190 80 190 200z" fill="#000" opacity=".28"/><text x="300" y="285" text-anchor="middle" font-family="Inter,Helvetica,Arial,sans-serif" font-size="96" font-weight="800" fill="#fff" opacity=".92">${escapeXml(initials)}</text></svg>`;
}

export function genreArtwork(seed: number, name: string): string {
  const { rand, a, b, c } = palette(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="600" height="400" fill="url(#g)"/><g transform="translate(260 40) rotate(20) scale(.7)">${motif(Math.floor(rand() * 5), rand, c)}</g><text x="300" y="218" text-anchor="middle" font-family="Inter,Helvetica,Arial,sans-serif" font-size="${name.length > 10 ? 40 : 50}" font-weight="800" fill="#fff">${escapeXml(name)}</text></svg>`;
}
