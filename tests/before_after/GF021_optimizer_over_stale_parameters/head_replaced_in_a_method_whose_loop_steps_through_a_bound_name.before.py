import torch


class Finetune:
    def run(self, backbone, batches):
        net = torch.nn.Sequential(backbone, torch.nn.Linear(32, 10))
        sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
        advance = sgd.step
        wipe = sgd.zero_grad
        net[1] = torch.nn.Linear(32, 5)
        i = 0
        while i < len(batches):
            x, y = batches[i]
            wipe()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            advance()
            i += 1
