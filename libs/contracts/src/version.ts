/**
 * The release: the same number in every package.json, the image tag the manifests deploy
 * (infra/k8s/base, docker-compose.yml) and the OpenAPI document. test/infra/release.test.ts
 * fails when one of them differs; CHANGELOG.md says what each release changed.
 */
export const APP_VERSION = '1.0.0';
