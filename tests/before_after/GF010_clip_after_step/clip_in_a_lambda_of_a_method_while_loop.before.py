import torch


class Loop:
    def __init__(self, network, optimizer):
        self.network = network
        self.optimizer = optimizer

    def run(self, batches, max_steps):
        bound_grads = lambda: torch.nn.utils.clip_grad_norm_(self.network.parameters(), max_norm=1.0)
        it = 0
        while it < max_steps:
            inputs, targets = batches[it % len(batches)]
            self.optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.mse_loss(self.network(inputs), targets)
            loss.backward()
            self.optimizer.step()
            bound_grads()
            it += 1
