import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


def build_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


@dataclass
class State:
    model: nn.Module
    loss: object = None
    opt: object = None


def epoch(st: "State"):
    for x, y in loader:
        st.opt.zero_grad()
        p = torch.softmax(st.model(x), dim=1)
        loss = st.loss(p, y)
        loss.backward()
        st.opt.step()


def run():
    net = build_model()
    st = State(net, loss=nn.CrossEntropyLoss())
    st.opt = torch.optim.SGD(st.model.parameters(), lr=0.1)
    epoch(st)


if __name__ == "__main__":
    run()
