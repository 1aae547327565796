import { uiLimits } from "@dtu/api/limits";
import { checkLength, type Problems } from "../../components/ui/validation";

export interface SecurityDraft {
  password: string;
  repeat: string;
  allow_readonly: boolean;
}

/** SEED §5 Security: password 8–64; the repeat must be the same, else nothing is sent. */
export function validateSecurity(d: SecurityDraft): Problems<"password" | "repeat"> {
  const { min, max } = uiLimits.security.password;
  return {
    password: checkLength(d.password, max, min),
    repeat: d.repeat !== d.password ? { key: "security.notEqual" } : undefined,
  };
}
