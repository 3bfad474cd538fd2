/** An application that uses fastio as a named module. */
module example.consumer {
  requires dev.fastio;
}
