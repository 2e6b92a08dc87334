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
    seen: list = field(default_factory=list)


def run():
    net = build_model()
    st = State(net, nn.CrossEntropyLoss())
    st.opt = torch.optim.Adam(st.model.parameters(), lr=1e-3)
    for x, y in loader:
        st.opt.zero_grad()
        out = st.model(x)
        loss = st.loss(out, y)
        loss.backward()
        st.opt.step()
        st.seen.append(loss.item())
    return st


if __name__ == "__main__":
    run()
