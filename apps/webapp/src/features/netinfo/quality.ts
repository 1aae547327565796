/** SEED §4: RSSI ≤ -100 dBm → 0 %, ≥ -50 dBm → 100 %, else 2 × (rssi + 100). */
export function signalQuality(rssi: number): number {
  if (rssi <= -100) return 0;
  if (rssi >= -50) return 100;
  return 2 * (rssi + 100);
}
