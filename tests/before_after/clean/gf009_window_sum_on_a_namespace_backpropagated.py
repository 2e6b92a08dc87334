import types

import torch

ACC = 4


def train(net, loader):
    st = types.SimpleNamespace(net=net, opt=torch.optim.SGD(net.parameters(), lr=0.1), window=0.0)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(st.net(x), y)
        st.window = st.window + loss / ACC
        if (i + 1) % ACC == 0 or i + 1 == len(loader):
            st.opt.zero_grad()
            st.window.backward()
            st.opt.step()
            st.window = 0.0
