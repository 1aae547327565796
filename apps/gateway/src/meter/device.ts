/**
 * What the meter needs of its device: the narrow part of the device port (port/contract.ts) it uses, so that the
 * meter runs on any DevicePort and tests need only a small fake.
 */
import type { DevicePort, PortPlace, PortSnapshot } from "../port/contract.ts";

export interface MeterDevice {
  /** Stable id: seeds the simulated house. */
  readonly id: string;
  /** Host clock. */
  now(): number;
  /** The live state: the simulated meter subtracts its production; today's figures add it up. */
  snapshot(): PortSnapshot;
  /** The device's zone: its local day and the simulated house's time of day. */
  readonly place: Pick<PortPlace, "zone">;
  /** A simulated device (the port has a model): only it has a simulated house, the default meter there. */
  readonly simulated: boolean;
}

export function meterDevice(port: DevicePort): MeterDevice {
  return {
    id: port.id,
    now: () => port.now(),
    snapshot: () => port.snapshot(),
    place: port.place,
    simulated: port.model !== null,
  };
}
