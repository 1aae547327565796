import { getBlob } from "./http";

/**
 * Saves what `path` answers as the file `name` (config backups, history CSV): an authorised GET through the HTTP
 * client (a plain link would go without the credentials), then `<a download>` on the blob.
 */
export async function downloadAs(path: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await getBlob(path));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
