// The part of `recruit help formats` about what scripts read: --json <fields>, --jq, jobs list's
// --limit and filters (docs/guides/scripting.md has the long story).
export const OUTPUT_SHAPING = `
Output for scripts (docs/guides/scripting.md)

  --json                 everything, as the API returns it
  --json id,title        only these fields of each object (--json= lists a command's fields)
  --jq '.[].id'          the JSON through jq (built in; strings raw, one a line)
  jobs list -L 20        at most 20 jobs, following pages as needed
  jobs list --customer "Acme Logistics" --created-since 7d
                         filters the service lacks (also --hiring-manager, --department, --industry,
                         --job-function, --updated-since): every page is read and filtered here
`;
