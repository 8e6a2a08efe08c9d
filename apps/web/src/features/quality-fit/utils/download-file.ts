/** Saves a file the API answered as base64 (a PDF of letters) under its name, as a link's download. */
export function downloadBase64File(file: { base64: string; contentType: string; fileName: string }): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link's click; the URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
