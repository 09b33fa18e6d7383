-- wrk script: POST /channels/{id}/messages, a new message each time, so that every request goes the
-- whole way (permission check, insert, outbox, relay, Kafka, gateway).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local sent = 0

request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, '{"content":"bench message ' .. sent .. '"}')
end

-- The first answer of each kind that is not a 200, written out: when a run fails, its cause shows.
local seen = {}

response = function(status, headers, body)
  if status ~= 200 and not seen[status] then
    seen[status] = true
    io.write("answered " .. status .. ": " .. body .. "\n")
  end
end
