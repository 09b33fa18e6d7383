-- wrk script: PATCH /users/@me/settings with a custom status never sent before, so that every request
-- changes something and goes the whole way (transaction, outbox, relay, Kafka, gateway).
wrk.method = "PATCH"
wrk.headers["Content-Type"] = "application/json"

local sent = 0

request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, '{"custom_status":{"text":"warm-up ' .. sent .. ' ' .. os.time() .. '"}}')
end
