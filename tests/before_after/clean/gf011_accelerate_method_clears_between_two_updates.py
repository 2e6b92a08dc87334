import torch


class TwoStageTrainer:
    def __init__(self, accelerator, net, optimizer, data):
        self.accelerator = accelerator
        self.net, self.optimizer, self.data = accelerator.prepare(net, optimizer, data)

    def run(self):
        iterator = iter(self.data)
        step = 0
        while step < 1000:
            inputs, labels = next(iterator)
            with self.accelerator.accumulate(self.net):
                first = self.net(inputs).logsumexp(-1).mean()
                self.accelerator.backward(first)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
                second = torch.nn.functional.cross_entropy(self.net(inputs), labels)
                self.accelerator.backward(second)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
            step += 1
