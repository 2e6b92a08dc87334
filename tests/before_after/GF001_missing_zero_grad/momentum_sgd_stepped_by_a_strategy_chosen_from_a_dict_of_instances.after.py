import torch
import torch.nn.functional as F


class PlainUpdate:
    def apply(self, state, inputs, targets):
        state["opt"].zero_grad(set_to_none=True)
        loss = F.mse_loss(state["net"](inputs), targets)
        loss.backward()
        state["opt"].step()


class ClippedUpdate:
    def apply(self, state, inputs, targets):
        state["opt"].zero_grad(set_to_none=True)
        F.mse_loss(state["net"](inputs), targets).backward()
        torch.nn.utils.clip_grad_norm_(state["net"].parameters(), 1.0)
        state["opt"].step()


STRATEGIES = {"plain": PlainUpdate(), "clipped": ClippedUpdate()}


def run(net, stream, kind="plain", limit=100):
    state = {"net": net, "opt": torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)}
    strategy = STRATEGIES[kind]
    done = 0
    while done < limit:
        inputs, targets = next(stream)
        strategy.apply(state, inputs, targets)
        done += 1
