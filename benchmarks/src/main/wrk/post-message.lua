-- wrk script: POST /channels/{id}/messages, a new message each time, so that every request goes the
-- whole way (permission check, insert, outbox, relay, Kafka, gateway). With $MESSAGE_BODIES naming a
-- file of JSON bodies (one a line), those bodies in turn, so that each carries real text to judge
-- (scripts/benchmark-automod-sends); without, "bench message N".
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local bodies = {}
local file = os.getenv("MESSAGE_BODIES")
if file and file ~= "" then
  for line in io.lines(file) do
    bodies[#bodies + 1] = line
  end
  assert(#bodies > 0, "no message bodies in " .. file)
end

local sent = 0

request = function()
  sent = sent + 1
  if #bodies > 0 then
    return wrk.format(nil, nil, nil, bodies[(sent % #bodies) + 1])
  end
  return wrk.format(nil, nil, nil, '{"content":"bench message ' .. sent .. '"}')
end

-- The first answer of each kind that is not a 200, written out: when a run fails, its cause shows (a
-- blocked message, 400 200000, means the rules judged a body as the engine benchmark does not).
local seen = {}

response = function(status, headers, body)
  if status ~= 200 and not seen[status] then
    seen[status] = true
    io.write("answered " .. status .. ": " .. body .. "\n")
  end
end
