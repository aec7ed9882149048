from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.fifteen import RULES as FIFTEEN


def test_connect4_position_key_ignores_move_order():
    one_way = CONNECT4.state_from_text("4453")
    other_way = CONNECT4.state_from_text("5344")
    assert one_way != other_way
    assert CONNECT4.position_key(one_way) == CONNECT4.position_key(other_way)
    assert CONNECT4.position_key(one_way) != CONNECT4.position_key(CONNECT4.state_from_text("4435"))


def test_fifteen_position_key_is_the_tiles_and_goal():
    state = FIFTEEN.initial_state()
    there_and_back = FIFTEEN.apply(FIFTEEN.apply(state, 15), 15)
    assert FIFTEEN.position_key(there_and_back) == FIFTEEN.position_key(state)
    assert FIFTEEN.position_key(FIFTEEN.apply(state, 12)) != FIFTEEN.position_key(state)
