import torch


class TwoTower:
    def __init__(self, query, item):
        self.query, self.item = query, item
        self.q_opt = torch.optim.AdamW(query.parameters(), lr=1e-4)
        self.i_opt = torch.optim.AdamW(item.parameters(), lr=1e-4)
        self.grad_scaler = torch.amp.GradScaler()

    def step(self, q, i, labels):
        with torch.autocast("cuda", dtype=torch.float16):
            scores = (self.query(q) * self.item(i)).sum(-1)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(scores, labels)
        self.q_opt.zero_grad()
        self.i_opt.zero_grad()
        self.grad_scaler.scale(loss).backward()
        self.grad_scaler.step(self.q_opt)
        self.grad_scaler.step(self.i_opt)
        self.grad_scaler.update()
        return loss.item()

    def fit(self, batches):
        for q, i, labels in batches:
            self.step(q, i, labels)
