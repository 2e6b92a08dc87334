import torch
import torch.nn.functional as F


class Contrast:
    def __init__(self, query_net, key_net, size, dim):
        self.query_net, self.key_net = query_net, key_net
        self.bank = F.normalize(torch.randn(size, dim), dim=1)
        self.optimizer = torch.optim.SGD(query_net.parameters(), lr=0.03, momentum=0.9)

    def update(self, views):
        a, b = views
        q = F.normalize(self.query_net(a), dim=1)
        with torch.inference_mode():
            keys = F.normalize(self.key_net(b), dim=1)
        logits = torch.cat([(q * keys).sum(1, keepdim=True), q @ self.bank.t()], dim=1) / 0.07
        objective = F.cross_entropy(logits, torch.zeros(len(a), dtype=torch.long))
        self.optimizer.zero_grad(set_to_none=True)
        objective.backward(retain_graph=True)
        self.optimizer.step()
        self.bank = torch.cat([keys, self.bank], dim=0)[: self.bank.size(0)]
        return objective

    def fit(self, pairs):
        history = []
        it = iter(pairs)
        while (views := next(it, None)) is not None:
            history.append(float(self.update(views)))
        return history
