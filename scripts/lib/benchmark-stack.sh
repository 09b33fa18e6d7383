# shellcheck shell=bash
# What the stack benchmarks share (scripts/benchmark, scripts/benchmark-gateway, ...): the benchmark jar, the
# local stack and the hello server (the machine's ceiling) started for the run and stopped when the script
# exits, a user of the run's own, wrk runs that fail on failed requests, the stack's databases and its
# processes. Sourced from the checkout's root, under `set -euo pipefail`.

edge=http://127.0.0.1:8080
hello_port=18090
bench_jar=
pids=()

find_bench_jar() {
  bench_jar="$(ls -t benchmarks/target/benchmarks-*-exec.jar 2>/dev/null | head -n 1 || true)"
  [[ -n $bench_jar ]] || { echo "the benchmarks are not built; run without --no-build" >&2; exit 1; }
}
bench() { java -jar "$bench_jar" "$@"; }

# Debian packages for the commands a benchmark needs, installed when missing: install_tools wrk:wrk psql:postgresql-client
install_tools() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
  done
  if (( ${#missing[@]} )); then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; fi
}

stop_started() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}

# Starts the local stack and the hello server in the background (stopped when the script exits), then
# waits for both: the stack is ready when a user of the run's own registers (so the run never depends on
# the demo user's password), which sets $user, $password and $token. The JVM's default JIT, as in
# production: the local stack's faster-start setting delays C2 by minutes. Each app runs in a JVM of
# its own (--jvm-per-app), as deployed: its own heap, collector and JIT. A smoke ($smoke 1) takes the
# developer's stack instead, which starts faster. Readiness is waited for longer
# than the stack's default, 180 s (the caller's ready timeout, 300 s by default): a first start (initdb,
# Kafka's format, every migration) on a machine busy with something else can take that long, and a late
# start is reported by its banner, not by a failed run. The stack's launcher exits at once if it cannot
# start (a port already held, say): then stop waiting, rather than time another stack.
start_stack_and_hello() {
  local ready_timeout=$1 log_prefix=$2
  mkdir -p .local-stack
  trap stop_started EXIT
  if [[ ${smoke:-0} == 1 ]]; then
    # A smoke's figures mean nothing: the stack as a developer starts it (the apps in one JVM, C2 later) is
    # up in a fraction of the time seven JVMs take on two cores, and runs the same code.
    scripts/local-stack --no-build --ready-timeout="$ready_timeout" > ".local-stack/$log_prefix-stack.log" 2>&1 &
  else
    LOCAL_STACK_JIT=default scripts/local-stack --no-build --jvm-per-app --ready-timeout="$ready_timeout" \
      > ".local-stack/$log_prefix-stack.log" 2>&1 &
  fi
  pids+=($!)
  stack_pid=$!
  java -XX:+UseSerialGC -Xmx192m -jar "$bench_jar" hello --server.port=$hello_port --spring.main.banner-mode=off \
    > ".local-stack/$log_prefix-hello.log" 2>&1 &
  pids+=($!)
  hello_pid=$!

  # Every app ready (the stack's banner), not only the one a registration reaches: an app still starting
  # answers the edge's forwards with 502s, which a warm-up would count.
  for _ in $(seq 1 "$ready_timeout"); do
    grep -q 'local stack ready in' ".local-stack/$log_prefix-stack.log" && break
    kill -0 "$stack_pid" 2>/dev/null || break
    sleep 1
  done
  grep -q 'local stack ready in' ".local-stack/$log_prefix-stack.log" \
    || { echo "the stack did not come up; see .local-stack/$log_prefix-stack.log" >&2; exit 1; }
  register_run_user "$ready_timeout" "$stack_pid" \
    || { echo "the stack did not come up; see .local-stack/$log_prefix-stack.log" >&2; exit 1; }
  for _ in $(seq 1 60); do
    curl -sf http://127.0.0.1:$hello_port/hello >/dev/null && break
    kill -0 "$hello_pid" 2>/dev/null || break
    sleep 1
  done
  curl -sf http://127.0.0.1:$hello_port/hello >/dev/null \
    || { echo "the hello server did not come up; see .local-stack/$log_prefix-hello.log" >&2; exit 1; }
}

# Registers a user of the run's own, retrying each second for up to $1 seconds while the stack comes up
# (and while process $2, if given, lives), and logs it in: sets $user, $password and $token. Fails if it
# could not.
register_run_user() {
  local timeout=$1 watched=${2:-} status=
  user="bench.$(date +%s).$RANDOM"
  password="bench-password-$RANDOM$RANDOM"
  for _ in $(seq 1 "$timeout"); do
    [[ -z $watched ]] || kill -0 "$watched" 2>/dev/null || break
    status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
      -d "{\"username\":\"$user\",\"password\":\"$password\"}" $edge/auth/register || true)
    [[ $status == 201 ]] && break
    sleep 1
  done
  [[ $status == 201 ]] || return 1
  token=$(curl -s -H 'Content-Type: application/json' -d "{\"login\":\"$user\",\"password\":\"$password\"}" \
    $edge/auth/login | sed -E 's/.*"token":"([^"]+)".*/\1/')
}

# wrk, failed when no request got through or one failed: a fast 401 is no figure of the endpoint. wrk
# prints its "Non-2xx" and "Socket errors" lines only when there are some. Timeouts (2 s) are reported,
# not failed: a cold or busy stack has a few, and they show in the tail.
measure() {
  local out
  out=$(wrk "$@")
  if ! grep -qE 'Requests/sec: +[0-9.]*[1-9]' <<< "$out" || grep -q 'Non-2xx' <<< "$out" \
    || grep -qE 'Socket errors: (connect [1-9]|.*read [1-9]|.*write [1-9])' <<< "$out"; then
    # The output, not the command line: that holds the user's token. A webhook's token is in its URL,
    # which the output names: it is masked.
    { echo "this load failed:"; sed -E 's#(/webhooks/[0-9]+/)[A-Za-z0-9_-]+#\1<token>#g' <<< "$out"; } >&2
    return 1
  fi
  echo "$out"
}
summary() { grep -E 'Requests/sec|Non-2xx|Socket errors|^ +(50|99)%' || true; }

# The machine's ceiling in this run: a bare WebFlux hello at 64 connections, after its own warm-up.
hello_ceiling() {
  local warm_up=$1 duration=$2
  measure -t2 -c64 -d"${warm_up}"s http://127.0.0.1:$hello_port/hello >/dev/null
  echo; echo "== bare WebFlux hello, 64 connections, ${duration}s"
  measure -t2 -c64 -d"${duration}"s --latency http://127.0.0.1:$hello_port/hello | summary
}

# The hello ceiling as above, printed, its req/s kept in $hello_rps for a client to print beside its own
# figures; then the hello server stops, so that it takes nothing from the run.
hello_ceiling_rps() {
  local out
  out=$(hello_ceiling "$1" "$2")
  echo "$out"
  hello_rps=$(sed -nE 's/^Requests\/sec: +([0-9.]+).*/\1/p' <<< "$out")
  kill "$hello_pid"
}

# psql into the local stack's database $1 (remote_auth, guild, social, ...), stopping at the first error;
# the other arguments follow (-v name=value for the script read from stdin).
stack_psql() {
  local database=$1
  shift
  PGPASSWORD=postgres psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p 15432 -U postgres -d "$database" "$@"
}

# The pid of the process listening on local TCP port $1 (an app of the stack started with --jvm-per-app has
# its own), empty if none.
listening_pid() { ss -Hltnp "sport = :$1" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2; }
