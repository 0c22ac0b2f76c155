/** How long a made file's address lives: long enough for the print dialog or the download to start. */
const keepFor = 60_000;

/** Saves the file as the browser downloads (the name is a suggestion the browser may change). */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), keepFor);
}

/** Opens the browser's print dialog on the PDF (in a hidden frame), or the PDF itself when the frame cannot print. */
export function printPdf(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.title = 'Labels to print';
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  });
  frame.src = url;
  document.body.append(frame);
  window.setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, keepFor);
}
