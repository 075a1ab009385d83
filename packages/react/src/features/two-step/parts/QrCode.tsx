import { useEffect, useState } from 'react';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { texts } from './texts';

type QrFactory = typeof import('qrcode-generator');

/** The blank margin around the code, in modules: the four the QR standard asks for, so a scanner finds the code on any page. */
export const QUIET_ZONE = 4;
/** About how wide the code is drawn, in CSS pixels: an exact multiple of its modules, so each is whole pixels and crisp. */
const TARGET_PX = 200;

/**
 * The modules of the QR code of `text`, row by row, true where dark: error correction M (15%, what
 * authenticator setups use), the smallest version that holds the text.
 */
export function qrModules(qrcode: QrFactory, text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => qr.isDark(row, col)));
}

/** One SVG path of the dark modules, a rectangle for each run of them in a row, inside the quiet zone. */
export function darkModulesPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      d += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}

type Drawing = { text: string; modules: boolean[][] } | { text: string; failed: true };

/**
 * The QR code of `text` (the otpauth:// URI an authenticator app scans), drawn in the browser as
 * SVG elements: black modules on white with the quiet zone, so it reads in a dark theme too. The
 * QR library is imported here, when the code is shown, so that it is in no mount's first load;
 * meanwhile a spinner. If it cannot load, the person is sent to the key typed instead.
 */
export function QrCode({ text }: { text: string }) {
  const { free } = useWidget();
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode-generator')
      .then(({ default: qrcode }) => qrModules(qrcode, text))
      .then(
        (modules) => live && setDrawing({ text, modules }),
        () => live && setDrawing({ text, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [text]);
  if (drawing?.text !== text) return <Loading />;
  if ('failed' in drawing) return <p className="vst-note">{free(texts.qrFailed)}</p>;
  const size = drawing.modules.length + 2 * QUIET_ZONE;
  const px = size * Math.max(1, Math.round(TARGET_PX / size));
  return (
    <svg role="img" aria-label={free(texts.qrLabel)} width={px} height={px} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={darkModulesPath(drawing.modules)} fill="#000" />
    </svg>
  );
}
