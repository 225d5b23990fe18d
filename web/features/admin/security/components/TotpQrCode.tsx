import { useMemo } from "react";
import { renderSVG } from "uqr";

/** The otpauth:// URI as a QR code image (SVG drawn in the browser, nothing sent anywhere). */
export function TotpQrCode({ uri }: { uri: string }) {
  const src = useMemo(() => {
    const svg = renderSVG(uri, { ecc: "M", border: 2 });
    return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
  }, [uri]);
  return (
    <img
      src={src}
      alt="Code QR à scanner avec votre application d’authentification"
      width={208}
      height={208}
      className="size-52 rounded-lg border border-sand-200 bg-white p-1"
    />
  );
}
