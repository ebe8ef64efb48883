# Sourced by backup.sh and restore.sh: the bucket's settings and its copy to or from a folder,
# with the AWS CLI (`aws s3 sync`) or, when that is missing, rclone.

# bucket_copy SCRIPT out|in FOLDER: out copies the bucket into FOLDER (mirroring it), in copies
# FOLDER into the bucket (adding to it). SCRIPT names the caller in its messages. Reads
# S3_ENDPOINT, S3_BUCKET (default waco-media), S3_ACCESS_KEY, S3_SECRET_KEY and S3_REGION.
bucket_copy() {
  local script="$1" direction="$2" folder="$3"
  : "${S3_ENDPOINT:?$script: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY, or pass --no-bucket}"
  : "${S3_BUCKET:=waco-media}"
  : "${S3_ACCESS_KEY:?$script: set S3_ACCESS_KEY}" "${S3_SECRET_KEY:?$script: set S3_SECRET_KEY}"
  local from="s3://$S3_BUCKET" to="$folder" rclone_from="bucket:$S3_BUCKET" rclone_to="$folder" rclone_verb=sync
  if [ "$direction" = in ]; then
    from="$folder" to="s3://$S3_BUCKET" rclone_from="$folder" rclone_to="bucket:$S3_BUCKET" rclone_verb=copy
  fi
  if command -v aws >/dev/null; then
    AWS_ACCESS_KEY_ID="$S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$S3_SECRET_KEY" AWS_DEFAULT_REGION="${S3_REGION:-us-east-1}" \
      aws --endpoint-url "$S3_ENDPOINT" s3 sync "$from" "$to" --only-show-errors
  elif command -v rclone >/dev/null; then
    # rclone's S3 client refuses a plain-http endpoint when AWS_CA_BUNDLE is set (it wants an
    # https transport for it); the system's CAs still apply to https endpoints without it.
    RCLONE_CONFIG_BUCKET_TYPE=s3 RCLONE_CONFIG_BUCKET_PROVIDER=Other RCLONE_CONFIG_BUCKET_ENDPOINT="$S3_ENDPOINT" \
      RCLONE_CONFIG_BUCKET_ACCESS_KEY_ID="$S3_ACCESS_KEY" RCLONE_CONFIG_BUCKET_SECRET_ACCESS_KEY="$S3_SECRET_KEY" \
      env -u AWS_CA_BUNDLE rclone "$rclone_verb" "$rclone_from" "$rclone_to"
  else
    echo "$script: neither the AWS CLI (aws) nor rclone is installed to copy the bucket (Debian: apt-get install awscli or rclone); or pass --no-bucket" >&2
    exit 1
  fi
}
