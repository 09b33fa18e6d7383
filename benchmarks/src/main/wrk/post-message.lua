-- wrk script: POST /channels/{id}/messages, a new message each time, so that every request goes the
-- whole way (permission check, insert, outbox, relay, Kafka, gateway).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local sent = 0

request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, '{"content":"bench message ' .. sent .. '"}')
end
