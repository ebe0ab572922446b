import { useEffect, useState } from 'react';
import { toString as qrToSvg } from 'qrcode';
import { LoadingState } from '@web/components/ui';

/**
 * The otpauth URI drawn as a QR code in the browser (the `qrcode` library): the secret never
 * goes to an outside QR service. Dark modules on white in both themes, so cameras read it.
 */
export function QrCodeImage({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrToSvg(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 }).then((markup) => live && setSvg(markup));
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <LoadingState text="QR kod hazırlanıyor..." className="h-[200px] py-0" />;
  return <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={label} width={200} height={200} className="rounded-lg bg-white p-1" />;
}
