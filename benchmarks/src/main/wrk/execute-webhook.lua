-- wrk script: POST /webhooks/{id}/{token}[?wait=true], a new message each time, the webhook's token in the
-- path as its only credential. 204 (or with wait=true 200 and the message) is an answer that succeeded.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local sent = 0

request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, '{"content":"bench webhook ' .. sent .. '","username":"Bench hook"}')
end

-- The first answer of each kind that did not succeed, written out: when a run fails, its cause shows.
local seen = {}

response = function(status, headers, body)
  if status ~= 200 and status ~= 204 and not seen[status] then
    seen[status] = true
    io.write("answered " .. status .. ": " .. body .. "\n")
  end
end
