import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { SEED_IMAGES_DIR } from './images';

/**
 * Draws the seed's photos: simple, pleasant illustrations (SVG shapes on gradients), rendered
 * to small JPEGs under launcher/seed/images/. Nothing is downloaded. Run once after changing a
 * drawing, and commit the files:  npx tsx launcher/src/seed/generate-images.ts
 */

const W = 960;
const H = 720;

type Scene = (p: Palette) => string;
interface Palette {
  sky: [string, string];
  ground: string;
  accent: string;
}

const sky = ([top, bottom]: [string, string]) => `
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>`;
const sun = (x: number, y: number, r: number, fill = '#ffd86b') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="0.95"/><circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="${fill}" opacity="0.18"/>`;
const hills = (y: number, fill: string, amp = 60) =>
  `<path d="M0 ${y} C ${W * 0.2} ${y - amp}, ${W * 0.35} ${y + amp / 2}, ${W * 0.55} ${y - amp / 3} S ${W * 0.85} ${y - amp}, ${W} ${y} V ${H} H 0 Z" fill="${fill}"/>`;
const tree = (x: number, y: number, s: number, leaf: string) =>
  `<rect x="${x - s * 0.08}" y="${y - s * 0.5}" width="${s * 0.16}" height="${s * 0.6}" fill="#6b4a2f"/>
   <circle cx="${x}" cy="${y - s * 0.75}" r="${s * 0.45}" fill="${leaf}"/><circle cx="${x - s * 0.3}" cy="${y - s * 0.55}" r="${s * 0.3}" fill="${leaf}" opacity="0.9"/>
   <circle cx="${x + s * 0.3}" cy="${y - s * 0.55}" r="${s * 0.32}" fill="${leaf}" opacity="0.85"/>`;
const floor = (y: number, fill: string) =>
  `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${fill}"/>`;
const table = (x: number, y: number, w: number, color: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="22" rx="6" fill="${color}"/>
   <rect x="${x + 20}" y="${y + 22}" width="18" height="150" fill="${color}"/><rect x="${x + w - 38}" y="${y + 22}" width="18" height="150" fill="${color}"/>`;

const scenes: Record<string, Scene> = {
  'river-bridge': (p) => `${sky(p.sky)}${sun(700, 300, 70, '#ffb36b')}
    <rect y="430" width="${W}" height="290" fill="#3d6f8f"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${120 + i * 130}" y="${470 + (i % 3) * 40}" width="${90 - i * 6}" height="6" rx="3" fill="#ffd8a8" opacity="0.6"/>`).join('')}
    <rect x="180" y="250" width="34" height="200" fill="#7a4b3a"/><rect x="740" y="250" width="34" height="200" fill="#7a4b3a"/>
    <path d="M0 300 Q 197 420 197 260 Q 480 460 757 260 Q 757 420 ${W} 300" stroke="#2b2b36" stroke-width="6" fill="none"/>
    <rect x="0" y="405" width="${W}" height="16" fill="#5b3b30"/>
    ${Array.from({ length: 22 }, (_, i) => `<line x1="${40 + i * 42}" y1="405" x2="${40 + i * 42}" y2="${330 + Math.abs(11 - i) * 6}" stroke="#2b2b36" stroke-width="2"/>`).join('')}`,
  'park-trees': (
    p,
  ) => `${sky(p.sky)}${sun(150, 140, 55)}${hills(470, '#8cc084', 70)}${hills(540, p.ground, 40)}
    ${tree(260, 520, 180, '#3f8f5a')}${tree(520, 560, 230, '#2f7a4a')}${tree(760, 520, 170, '#4c9e62')}
    <path d="M430 ${H} C 470 640, 560 610, 600 560" stroke="#d9c39a" stroke-width="34" fill="none" stroke-linecap="round"/>`,
  bicycle: (p) => `${sky(p.sky)}${floor(560, p.ground)}
    <g stroke="${p.accent}" stroke-width="12" fill="none" stroke-linecap="round">
      <circle cx="300" cy="470" r="120"/><circle cx="660" cy="470" r="120"/>
      <path d="M300 470 L420 300 L600 300 L660 470 M420 300 L480 470 L600 300 M480 470 L300 470"/>
      <path d="M400 270 L450 270 M600 300 L590 240 L640 230"/></g>
    <circle cx="480" cy="470" r="18" fill="#333"/>`,
  'rocking-chair': (p) => `${sky(p.sky)}${floor(520, p.ground)}
    <g fill="${p.accent}"><rect x="380" y="160" width="24" height="330"/><rect x="560" y="160" width="24" height="330"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="380" y="${190 + i * 45}" width="204" height="14" rx="6"/>`).join('')}
    <rect x="360" y="380" width="260" height="26" rx="8"/><rect x="380" y="406" width="20" height="120"/><rect x="580" y="406" width="20" height="120"/></g>
    <path d="M300 540 Q 490 600 680 540" stroke="${p.accent}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
  sofa: (p) => `${sky(p.sky)}${floor(540, p.ground)}
    <rect x="200" y="260" width="560" height="200" rx="40" fill="${p.accent}"/>
    <rect x="160" y="340" width="90" height="190" rx="30" fill="${p.accent}" opacity="0.9"/><rect x="710" y="340" width="90" height="190" rx="30" fill="${p.accent}" opacity="0.9"/>
    <rect x="240" y="400" width="480" height="110" rx="24" fill="#ffffff" opacity="0.25"/>
    <rect x="250" y="530" width="20" height="40" fill="#5b4636"/><rect x="690" y="530" width="20" height="40" fill="#5b4636"/>
    <rect x="560" y="290" width="120" height="100" rx="20" fill="#f6d365" opacity="0.9"/>`,
  'dining-table': (p) => `${sky(p.sky)}${floor(560, p.ground)}${table(220, 360, 520, p.accent)}
    <circle cx="380" cy="345" r="34" fill="#fff" opacity="0.9"/><circle cx="580" cy="345" r="34" fill="#fff" opacity="0.9"/>
    <rect x="470" y="290" width="20" height="70" fill="#9ad0ec"/><circle cx="480" cy="280" r="18" fill="#f28482"/>`,
  bookshelf: (p) => `${sky(p.sky)}${floor(600, p.ground)}
    <rect x="300" y="100" width="360" height="500" fill="#7b5236"/>
    ${[0, 1, 2].map((row) => `<rect x="320" y="${130 + row * 160}" width="320" height="130" fill="#5a3a26"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${326 + i * 34}" y="${150 + row * 160 + (i % 3) * 8}" width="28" height="${110 - (i % 3) * 8}" fill="${['#e76f51', '#2a9d8f', '#e9c46a', '#264653', '#f4a261', '#8ab17d'][(i + row) % 6]}"/>`).join('')}`).join('')}`,
  guitar: (p) => `${sky(p.sky)}
    <g transform="rotate(-28 480 360)"><rect x="465" y="40" width="30" height="330" fill="#4a3222"/>
    <rect x="455" y="20" width="50" height="60" rx="8" fill="#2d1f16"/>
    <ellipse cx="480" cy="470" rx="150" ry="170" fill="${p.accent}"/><ellipse cx="480" cy="360" rx="110" ry="110" fill="${p.accent}"/>
    <circle cx="480" cy="420" r="45" fill="#2d1f16"/><rect x="430" y="540" width="100" height="18" fill="#2d1f16"/></g>`,
  kayak: (p) => `${sky(p.sky)}${sun(760, 150, 60)}<rect y="400" width="${W}" height="320" fill="#4f9ac2"/>
    ${[0, 1, 2, 3, 4].map((i) => `<path d="M${60 + i * 180} ${460 + (i % 2) * 90} q 40 -14 80 0" stroke="#d8f0ff" stroke-width="5" fill="none" opacity="0.7"/>`).join('')}
    <path d="M170 520 Q 480 440 790 520 Q 480 580 170 520 Z" fill="${p.accent}"/><ellipse cx="480" cy="505" rx="70" ry="16" fill="#333"/>
    <line x1="330" y1="420" x2="630" y2="600" stroke="#333" stroke-width="8"/>`,
  lamp: (
    p,
  ) => `${sky(p.sky)}${floor(580, p.ground)}<circle cx="480" cy="250" r="200" fill="#fff3c4" opacity="0.35"/>
    <path d="M380 140 L580 140 L630 300 L330 300 Z" fill="${p.accent}"/><rect x="470" y="300" width="20" height="230" fill="#555"/>
    <ellipse cx="480" cy="545" rx="110" ry="24" fill="#444"/>`,
  'plant-pot': (p) => `${sky(p.sky)}${floor(600, p.ground)}
    ${[-60, -30, 0, 30, 60].map((a) => `<ellipse cx="480" cy="250" rx="40" ry="150" fill="#3f8f5a" transform="rotate(${a} 480 400)"/>`).join('')}
    <path d="M380 400 L580 400 L550 600 L410 600 Z" fill="${p.accent}"/><rect x="370" y="390" width="220" height="30" rx="8" fill="${p.accent}"/>`,
  'coffee-cup': (p) => `${sky(p.sky)}${floor(560, p.ground)}
    ${[0, 1, 2].map((i) => `<path d="M${420 + i * 50} 270 q -30 -50 0 -100 q 30 -50 0 -100" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.6"/>`).join('')}
    <path d="M340 300 L620 300 L590 540 L370 540 Z" fill="${p.accent}"/><path d="M615 340 q 90 10 60 110 q -20 50 -80 40" stroke="${p.accent}" stroke-width="26" fill="none"/>
    <ellipse cx="480" cy="565" rx="200" ry="26" fill="#ffffff" opacity="0.8"/>`,
  'laptop-desk': (p) => `${sky(p.sky)}${floor(520, p.ground)}${table(160, 500, 640, '#8d6748')}
    <rect x="330" y="260" width="300" height="200" rx="12" fill="#2b2d42"/><rect x="350" y="280" width="260" height="160" fill="${p.accent}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="370" y="${300 + i * 30}" width="${200 - i * 30}" height="12" rx="6" fill="#ffffff" opacity="0.7"/>`).join('')}
    <path d="M300 460 L660 460 L690 500 L270 500 Z" fill="#8d99ae"/><circle cx="700" cy="470" r="22" fill="#f4a261"/>`,
  tools: (p) => `${sky(p.sky)}
    <g transform="rotate(35 480 360)"><rect x="460" y="140" width="40" height="420" rx="12" fill="#8d6748"/><rect x="390" y="110" width="180" height="70" rx="10" fill="#6c757d"/></g>
    <g transform="rotate(-35 480 360)"><rect x="465" y="200" width="30" height="360" rx="10" fill="${p.accent}"/><circle cx="480" cy="180" r="60" fill="#adb5bd"/><rect x="462" y="110" width="36" height="80" fill="${p.sky[1]}"/></g>`,
  'food-truck': (
    p,
  ) => `${sky(p.sky)}${floor(560, '#6c6c6c')}<rect y="556" width="${W}" height="8" fill="#f1f1f1" opacity="0.6"/>
    <rect x="180" y="250" width="520" height="280" rx="20" fill="${p.accent}"/><rect x="700" y="340" width="120" height="190" rx="16" fill="${p.accent}"/>
    <rect x="250" y="300" width="320" height="110" rx="8" fill="#2b2d42"/><path d="M240 300 L580 300 L560 270 L260 270 Z" fill="#f6bd60"/>
    <rect x="720" y="360" width="80" height="70" rx="8" fill="#bde0fe"/><circle cx="300" cy="540" r="50" fill="#222"/><circle cx="700" cy="540" r="50" fill="#222"/>
    <circle cx="300" cy="540" r="20" fill="#aaa"/><circle cx="700" cy="540" r="20" fill="#aaa"/>`,
  'market-stalls': (p) => `${sky(p.sky)}${floor(520, p.ground)}
    ${[0, 1, 2]
      .map(
        (
          i,
        ) => `<g transform="translate(${90 + i * 280} 0)"><rect x="0" y="300" width="220" height="200" fill="#fff8e7"/>
      ${[0, 1, 2, 3, 4].map((s) => `<path d="M${s * 44} 300 L${s * 44 + 22} 240 L${s * 44 + 44} 300 Z" fill="${s % 2 ? '#ffffff' : ['#e76f51', '#2a9d8f', '#f4a261'][i]}"/>`).join('')}
      <rect x="10" y="420" width="200" height="30" fill="#8d6748"/>${[0, 1, 2, 3, 4].map((f) => `<circle cx="${30 + f * 40}" cy="410" r="16" fill="${['#e63946', '#f4a261', '#90be6d', '#f9c74f', '#e76f51'][f]}"/>`).join('')}</g>`,
      )
      .join('')}`,
  'porch-concert': (p) => `${sky(p.sky)}${floor(560, p.ground)}
    <path d="M120 ${H} L120 180 L840 180 L840 ${H}" fill="#f1e3c8"/><path d="M80 200 L480 80 L880 200 Z" fill="#9c6644"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${160 + i * 200}" y="200" width="24" height="360" fill="#ffffff"/>`).join('')}
    ${Array.from({ length: 12 }, (_, i) => `<circle cx="${140 + i * 62}" cy="${215 + (i % 2) * 14}" r="9" fill="#ffe066"/>`).join('')}
    <ellipse cx="420" cy="470" rx="50" ry="60" fill="${p.accent}"/><rect x="415" y="330" width="10" height="110" fill="#4a3222"/>
    <circle cx="560" cy="420" r="34" fill="#6d597a"/><rect x="530" y="450" width="60" height="110" rx="20" fill="#6d597a"/>`,
  silos: (p) => `${sky(p.sky)}${sun(180, 140, 50)}${floor(560, p.ground)}
    ${[0, 1]
      .map(
        (
          i,
        ) => `<rect x="${420 + i * 170}" y="170" width="140" height="390" fill="#c9ced6"/><path d="M${420 + i * 170} 170 Q ${490 + i * 170} 90 ${560 + i * 170} 170 Z" fill="#a7adb7"/>
      ${[0, 1, 2, 3, 4, 5, 6].map((r) => `<rect x="${420 + i * 170}" y="${210 + r * 50}" width="140" height="4" fill="#9aa1ab"/>`).join('')}`,
      )
      .join('')}
    <rect x="180" y="400" width="200" height="160" fill="#f1faee"/><path d="M160 400 L280 320 L400 400 Z" fill="#457b9d"/>`,
  'trail-run': (
    p,
  ) => `${sky(p.sky)}${sun(760, 130, 50)}${hills(430, '#a7c957', 80)}${hills(520, p.ground, 50)}
    <path d="M200 ${H} C 300 600, 620 620, 700 470" stroke="#e9d8a6" stroke-width="50" fill="none" stroke-linecap="round"/>
    ${tree(120, 520, 150, '#386641')}${tree(860, 500, 140, '#386641')}
    <circle cx="520" cy="400" r="20" fill="${p.accent}"/><path d="M520 420 L510 480 L540 520 M510 480 L480 520 M515 440 L545 460 M515 440 L485 455" stroke="${p.accent}" stroke-width="12" stroke-linecap="round" fill="none"/>`,
  'book-stack': (p) => `${sky(p.sky)}${floor(560, p.ground)}
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${330 + (i % 2) * 20 - i * 4}" y="${500 - i * 50}" width="${300 - i * 12}" height="46" rx="6" fill="${['#e76f51', '#2a9d8f', '#e9c46a', '#264653', '#f4a261', '#8ab17d'][i]}"/><rect x="${345 + (i % 2) * 20 - i * 4}" y="${512 - i * 50}" width="${260 - i * 12}" height="6" fill="#ffffff" opacity="0.5"/>`).join('')}`,
  'string-lights': () => `${sky(['#1d2b53', '#3a3f7a'])}
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 97) % W}" cy="${(i * 53) % 260}" r="2" fill="#fff" opacity="0.8"/>`).join('')}
    <path d="M0 200 Q 240 320 480 220 T ${W} 230" stroke="#222" stroke-width="3" fill="none"/>
    ${Array.from({ length: 16 }, (_, i) => {
      const x = 30 + i * 60;
      const y = 200 + Math.sin(i / 2.4) * 50 + 40;
      return `<circle cx="${x}" cy="${y}" r="14" fill="#ffd166"/><circle cx="${x}" cy="${y}" r="30" fill="#ffd166" opacity="0.2"/>`;
    }).join('')}
    ${floor(520, '#2d3142')}${table(300, 460, 360, '#6b4a2f')}`,
  'pumpkin-patch': (p) => `${sky(p.sky)}${floor(450, p.ground)}
    ${[
      [200, 560, 70],
      [380, 610, 90],
      [600, 560, 80],
      [780, 620, 60],
      [480, 500, 50],
    ]
      .map(
        ([x, y, r]) =>
          `<ellipse cx="${x}" cy="${y}" rx="${(r ?? 0) * 1.25}" ry="${r}" fill="#f28c28"/><ellipse cx="${x}" cy="${y}" rx="${(r ?? 0) * 0.5}" ry="${r}" fill="#e76f00" opacity="0.5"/><rect x="${(x ?? 0) - 6}" y="${(y ?? 0) - (r ?? 0) - 20}" width="12" height="28" fill="#4a6b2f"/>`,
      )
      .join('')}`,
  'dog-park': (p) => `${sky(p.sky)}${sun(800, 120, 45)}${hills(480, p.ground, 40)}
    <ellipse cx="470" cy="470" rx="140" ry="70" fill="${p.accent}"/><circle cx="620" cy="400" r="60" fill="${p.accent}"/>
    <ellipse cx="660" cy="360" rx="22" ry="40" fill="#5b3b2a" transform="rotate(25 660 360)"/><circle cx="640" cy="395" r="8" fill="#222"/>
    ${[370, 420, 520, 570].map((x) => `<rect x="${x}" y="500" width="24" height="90" rx="10" fill="${p.accent}"/>`).join('')}
    <path d="M330 450 q -60 -40 -40 -100" stroke="${p.accent}" stroke-width="20" fill="none" stroke-linecap="round"/><circle cx="200" cy="590" r="24" fill="#e63946"/>`,
  skillet: (p) => `${sky(p.sky)}${floor(540, '#495057')}
    <ellipse cx="430" cy="470" rx="220" ry="90" fill="#222"/><ellipse cx="430" cy="455" rx="190" ry="70" fill="#343a40"/>
    <rect x="630" y="440" width="260" height="34" rx="16" fill="#222"/>
    <ellipse cx="380" cy="450" rx="60" ry="30" fill="#fff"/><circle cx="380" cy="448" r="20" fill="#ffb703"/>
    <ellipse cx="500" cy="460" rx="50" ry="22" fill="${p.accent}"/>
    ${[0, 1, 2].map((i) => `<path d="M${360 + i * 60} 360 q -20 -40 0 -80" stroke="#fff" stroke-width="8" fill="none" opacity="0.5"/>`).join('')}`,
};

const palettes: Palette[] = [
  { sky: ['#ffd1a1', '#ff9a8b'], ground: '#c9a66b', accent: '#2a9d8f' },
  { sky: ['#a1c4fd', '#c2e9fb'], ground: '#b5c99a', accent: '#e76f51' },
  { sky: ['#fbc2eb', '#a6c1ee'], ground: '#d4a373', accent: '#264653' },
  { sky: ['#fdfcfb', '#e2d1c3'], ground: '#a98467', accent: '#6d597a' },
  { sky: ['#84fab0', '#8fd3f4'], ground: '#90a955', accent: '#f4a261' },
  { sky: ['#f6d365', '#fda085'], ground: '#bc8a5f', accent: '#3d5a80' },
];

/** A faint film grain (seeded, so every run draws the same files): less flat, more photo-like. */
function grain(seed: number): Buffer {
  const pixels = Buffer.alloc(W * H * 4);
  let a = seed;
  for (let i = 0; i < pixels.length; i += 4) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    const v = a >>> 24;
    pixels[i] = v;
    pixels[i + 1] = v;
    pixels[i + 2] = v;
    pixels[i + 3] = 14;
  }
  return pixels;
}

/** Draws every scene to `dir`; answers each file's name and size. */
export async function generateSeedImages(dir = SEED_IMAGES_DIR) {
  await mkdir(dir, { recursive: true });
  const sizes: string[] = [];
  let i = 0;
  for (const [name, scene] of Object.entries(scenes)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scene(palettes[i++ % palettes.length] as Palette)}</svg>`;
    const jpeg = await sharp(Buffer.from(svg))
      .composite([{ input: grain(i), raw: { width: W, height: H, channels: 4 } }])
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    await writeFile(join(dir, `${name}.jpg`), jpeg);
    sizes.push(`${name}.jpg ${(jpeg.length / 1024).toFixed(1)} KB`);
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await generateSeedImages()) process.stdout.write(`${line}\n`);
}
