/**
 * Result codes of the device (API.md §6, later additions §9.20) and the shape of a POST result (API.md §3.0).
 * The web app translates `apiresponse.<code>`; the gateway answers with these codes.
 */
export const ResultCode = {
  SettingsSaved: 1001,
  NoValues: 1002,
  DataTooLarge: 1003,
  ParseFailed: 1004,
  ValuesMissing: 1005,
  FlashWriteFailed: 1006,
  OutOfMemory: 1007,
  DtuSerialZero: 2001,
  DtuPollZero: 2002,
  DtuInvalidPowerLevel: 2003,
  DtuInvalidFrequency: 2004,
  DtuInvalidCountry: 2005,
  ConfigNothingDeleted: 3001,
  ConfigResetRebooting: 3002,
  FileDeleted: 3003,
  InverterSerialZero: 4001,
  InverterNameLength: 4002,
  InverterMaxCount: 4003,
  InverterCreated: 4004,
  InverterInvalidId: 4005,
  InverterInvalidChannels: 4006,
  InverterChanged: 4007,
  InverterDeleted: 4008,
  InverterOrderSaved: 4009,
  InverterStatsReset: 4010,
  LimitSerialZero: 5001,
  LimitInvalidLimit: 5002,
  LimitInvalidType: 5003,
  LimitInvalidInverter: 5004,
  RebootTriggered: 6001,
  RebootCancelled: 6002,
  MqttHostnameLength: 7001,
  MqttUsernameLength: 7002,
  MqttPasswordLength: 7003,
  MqttTopicLength: 7004,
  MqttTopicCharacter: 7005,
  MqttTopicSlash: 7006,
  MqttPort: 7007,
  MqttCertLength: 7008,
  MqttLwtTopicLength: 7009,
  MqttLwtTopicCharacter: 7010,
  MqttLwtOnlineLength: 7011,
  MqttLwtOfflineLength: 7012,
  MqttPublishInterval: 7013,
  MqttHassTopicLength: 7014,
  MqttHassTopicCharacter: 7015,
  MqttLwtQos: 7016,
  MqttClientIdLength: 7017,
  MqttHassTopicSlash: 7018,
  NetworkIpInvalid: 8001,
  NetworkNetmaskInvalid: 8002,
  NetworkGatewayInvalid: 8003,
  NetworkDns1Invalid: 8004,
  NetworkDns2Invalid: 8005,
  NetworkApTimeout: 8006,
  NetworkSyslogHostnameLength: 8007,
  NetworkSyslogPort: 8008,
  NtpServerLength: 9001,
  NtpTimezoneLength: 9002,
  NtpTimezoneDescrLength: 9003,
  NtpYear: 9004,
  NtpMonth: 9005,
  NtpDay: 9006,
  NtpHour: 9007,
  NtpMinute: 9008,
  NtpSecond: 9009,
  NtpTimeUpdated: 9010,
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,
  PowerSerialZero: 11001,
  PowerInvalidInverter: 11002,
  HardwarePinMappingLength: 12001,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Every code this contract knows, for catalogue completeness checks. */
export const ALL_RESULT_CODES: readonly ResultCode[] = Object.values(ResultCode);

/** Codes the v23.11.16 firmware (and so the gateway) can produce; the rest come from later firmware (§9.20). */
export const LEGACY_RESULT_CODES: readonly ResultCode[] = ALL_RESULT_CODES.filter(
  (c) => ![1006, 1007, 2005, 3003, 4010, 7016, 7017, 7018, 8007, 8008].includes(c),
);

export type ResultType = "success" | "warning" | "danger" | "info";

export interface ResultParam {
  min?: number;
  max?: number;
}

/**
 * Answer of every settings/command POST (API.md §3.0). `code` is absent for three network warnings
 * (API.md §3.17): the UI must then show `message`.
 */
export interface ApiResult {
  type: ResultType;
  message: string;
  code?: number;
  param?: ResultParam;
}
