/** Reasons that hold in more than one folder of the reference. */

export const NONE_IS_OPTIONAL_ON_V1 =
  "on /v1 the app checks a sent key even where a route needs none ('none' is read as 'optional': a wrong key answers 401, docs/spec-gaps.md); an unknown mode (\"\") is read as 'optional' too, so every request is answered the same";
