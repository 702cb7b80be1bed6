import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../lib/fonts.js';
import { loadOnce } from '../lib/load-once.js';
import type { MenuFile, MenuSection } from './menu-data.js';

/** A ready-to-send chat caption: *bold* and _italic_ as WhatsApp and Telegram (Markdown) read them. */
export function menuCaption(menu: MenuFile, section: MenuSection): string {
  const data = menu.sections[section];
  const lines = [`*${menu.botName} · ${data.title}*`];
  if (data.description) lines.push(data.description);
  lines.push('');
  for (const { command, description } of data.commands) {
    lines.push(description ? `• ${menu.prefix}${command} — ${description}` : `• ${menu.prefix}${command}`);
  }
  if (menu.footer) lines.push('', `_${menu.footer}_`);
  return lines.join('\n');
}

// The canvas library loads with the first menu card, not at start-up.
const loadCanvas = loadOnce(() => import('@napi-rs/canvas'));

const WIDTH = 1080;
const PADDING = 64;
const ROW = 52;

/** Cuts text to fit `maxWidth` pixels in the current font, with an ellipsis. */
function fit(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The menu as a PNG card: the menu pool's image as backdrop (when there is one), title and commands. */
export async function renderMenuCard(
  menu: MenuFile,
  section: MenuSection,
  backdrop?: Buffer,
): Promise<Buffer> {
  const data = menu.sections[section];
  const height = Math.max(540, PADDING * 2 + 150 + data.commands.length * ROW + 60);
  const { createCanvas, loadImage } = await loadCanvas();
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');

  const gradient = ctx.createLinearGradient(0, 0, WIDTH, height);
  gradient.addColorStop(0, '#3b2a6b');
  gradient.addColorStop(1, '#c2477a');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WIDTH, height);
  if (backdrop) {
    let image: Image | undefined;
    try {
      image = await loadImage(backdrop);
    } catch {
      // A backdrop the canvas cannot decode (a video frame, an odd format) leaves the gradient.
    }
    if (image) {
      const scale = Math.max(WIDTH / image.width, height / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      ctx.drawImage(image, (WIDTH - w) / 2, (height - h) / 2, w, h);
    }
  }
  ctx.fillStyle = 'rgba(12, 10, 28, 0.62)';
  ctx.fillRect(PADDING / 2, PADDING / 2, WIDTH - PADDING, height - PADDING);

  ctx.textBaseline = 'top';
  ctx.fillStyle = '#ffffff';
  ctx.font = font(800, 56);
  ctx.fillText(fit(ctx, `${menu.botName} · ${data.title}`, WIDTH - PADDING * 2), PADDING, PADDING);
  ctx.font = font(400, 28);
  ctx.fillStyle = '#e3d9ff';
  ctx.fillText(fit(ctx, data.description, WIDTH - PADDING * 2), PADDING, PADDING + 76);

  let y = PADDING + 150;
  for (const { command, description } of data.commands) {
    ctx.font = font(800, 30, { mono: true });
    ctx.fillStyle = '#ffd166';
    const label = fit(ctx, `${menu.prefix}${command}`, 420);
    ctx.fillText(label, PADDING, y);
    ctx.font = font(400, 28);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(fit(ctx, description, WIDTH - PADDING * 2 - 440), PADDING + 440, y + 2);
    y += ROW;
  }
  ctx.font = font(400, 24, { italic: true });
  ctx.fillStyle = '#c9c1e6';
  ctx.fillText(fit(ctx, menu.footer, WIDTH - PADDING * 2), PADDING, height - PADDING - 30);
  return canvas.encode('png');
}
