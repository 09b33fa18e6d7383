-- wrk script: POST /channels/{id}/messages with the bodies of the file named by $MESSAGE_BODIES (one JSON
-- body a line), in turn, so that every request carries real text to judge (scripts/benchmark-automod-sends).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local bodies = {}
for line in io.lines(os.getenv("MESSAGE_BODIES")) do
  bodies[#bodies + 1] = line
end
assert(#bodies > 0, "no message bodies in $MESSAGE_BODIES")

local sent = 0

request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, bodies[(sent % #bodies) + 1])
end

-- The first answer of each kind that is not a 200, written out: a blocked message (400 200000) means the
-- rules judged the prose as the engine benchmark does not.
local seen = {}

response = function(status, headers, body)
  if status ~= 200 and not seen[status] then
    seen[status] = true
    io.write("answered " .. status .. ": " .. body .. "\n")
  end
end
