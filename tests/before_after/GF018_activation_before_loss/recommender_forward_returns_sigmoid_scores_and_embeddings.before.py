import torch
import torch.nn as nn
import torch.nn.functional as F


class MFRec(nn.Module):
    def __init__(self, n_users=100, n_items=200, dim=8):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)

    def forward(self, u, i):
        ue, ie = self.user(u), self.item(i)
        score = (ue * ie).sum(-1)
        return torch.sigmoid(score), (ue, ie)


def main():
    torch.manual_seed(0)
    model = MFRec()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step in range(50):
        u = torch.randint(0, 100, (64,))
        i = torch.randint(0, 200, (64,))
        y = torch.randint(0, 2, (64,)).float()
        opt.zero_grad()
        pred, (ue, ie) = model(u, i)
        loss = F.binary_cross_entropy_with_logits(pred, y)
        loss = loss + 1e-4 * (ue.pow(2).sum() + ie.pow(2).sum())
        loss.backward()
        opt.step()
    print(loss.item())


if __name__ == "__main__":
    main()
